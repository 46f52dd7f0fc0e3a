import type { NextFunction, Request, Response } from 'express';

export interface RateLimitOptions {
  /** Length of the window in milliseconds. */
  windowMs: number;
  /** Requests allowed per client IP in one window. */
  max: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window limiter keyed by client IP. Counters live in this process
 * (see CRP crp-001 in .orchestral/runs/run-20260115143022 for the shared-store question).
 */
export function rateLimiter({ windowMs, max }: RateLimitOptions) {
  const buckets = new Map<string, Bucket>();

  return (req: Request, res: Response, next: NextFunction): void => {
    const key = req.ip ?? 'unknown';
    const now = Date.now();
    let bucket = buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { count: 0, resetAt: now + windowMs };
      buckets.set(key, bucket);
    }
    bucket.count += 1;

    if (bucket.count > max) {
      res.setHeader('Retry-After', Math.ceil((bucket.resetAt - now) / 1000));
      res.status(429).json({ error: 'too many requests' });
      return;
    }
    next();
  };
}
