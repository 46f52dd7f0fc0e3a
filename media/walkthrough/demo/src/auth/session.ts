import jwt from 'jsonwebtoken';
import type { Request, Response } from 'express';

const SECRET = process.env.JWT_SECRET ?? 'dev-only-secret';
const ACCESS_TTL = '15m';
const REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionClaims {
  sub: string;
  email: string;
}

export function issueSession(res: Response, claims: SessionClaims): { accessToken: string } {
  const accessToken = jwt.sign(claims, SECRET, { expiresIn: ACCESS_TTL });
  const refreshToken = jwt.sign({ sub: claims.sub, kind: 'refresh' }, SECRET, {
    expiresIn: REFRESH_TTL_SECONDS,
  });
  res.cookie('refresh', refreshToken, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    maxAge: REFRESH_TTL_SECONDS * 1000,
  });
  return { accessToken };
}

export function verifyAccessToken(token: string): SessionClaims | null {
  try {
    return jwt.verify(token, SECRET) as SessionClaims;
  } catch {
    return null;
  }
}

export function refreshHandler(req: Request, res: Response): void {
  const token = req.cookies?.refresh as string | undefined;
  if (!token) {
    res.status(401).json({ error: 'no session' });
    return;
  }
  try {
    const payload = jwt.verify(token, SECRET) as { sub: string; kind: string };
    if (payload.kind !== 'refresh') throw new Error('wrong token kind');
    // TODO(TASK-002): rotate the refresh token and detect reuse.
    const accessToken = jwt.sign({ sub: payload.sub }, SECRET, { expiresIn: ACCESS_TTL });
    res.json({ accessToken });
  } catch {
    res.status(401).json({ error: 'session expired' });
  }
}

export function clearSession(res: Response): void {
  res.clearCookie('refresh', { httpOnly: true, secure: true, sameSite: 'strict' });
}
