import type { Request, Response } from 'express';
import { issueSession, clearSession } from './session.js';
import { findUserByEmail, verifyPassword } from '../db/users.js';

export async function loginHandler(req: Request, res: Response): Promise<void> {
  const { email, password } = req.body as { email?: string; password?: string };
  if (!email || !password) {
    res.status(400).json({ error: 'email and password are required' });
    return;
  }

  const user = await findUserByEmail(email);
  if (!user || !(await verifyPassword(user, password))) {
    // Same message for both cases: do not reveal which emails exist.
    res.status(401).json({ error: 'invalid credentials' });
    return;
  }

  const { accessToken } = issueSession(res, { sub: user.id, email: user.email });
  res.json({ accessToken, user: { id: user.id, name: user.name } });
}

export function logoutHandler(_req: Request, res: Response): void {
  clearSession(res);
  res.status(204).end();
}
