// The parts of Express and cookie-parser that src/ uses (see README.md).
declare module 'express' {
  export interface Request {
    body: unknown;
    cookies?: Record<string, string | undefined>;
    ip?: string;
  }
  export interface CookieOptions {
    httpOnly?: boolean;
    secure?: boolean;
    sameSite?: 'strict' | 'lax' | 'none';
    maxAge?: number;
  }
  export interface Response {
    status(code: number): Response;
    json(body: unknown): Response;
    end(): Response;
    setHeader(name: string, value: string | number): Response;
    cookie(name: string, value: string, options?: CookieOptions): Response;
    clearCookie(name: string, options?: CookieOptions): Response;
  }
  export type NextFunction = (err?: unknown) => void;
  export type Handler = (req: Request, res: Response, next: NextFunction) => unknown;
  export interface Application {
    use(handler: Handler): Application;
    use(path: string, handler: Handler): Application;
    get(path: string, handler: Handler): Application;
    post(path: string, handler: Handler): Application;
    listen(port: number, callback?: () => void): unknown;
  }
  interface Express {
    (): Application;
    json(): Handler;
  }
  const express: Express;
  export default express;
}

declare module 'cookie-parser' {
  import type { Handler } from 'express';
  export default function cookieParser(secret?: string): Handler;
}
