import express from 'express';
import cookieParser from 'cookie-parser';
import { loginHandler, logoutHandler } from './auth/login.js';
import { refreshHandler } from './auth/session.js';
import { rateLimiter } from './middleware/rateLimiter.js';

export const app = express();

app.use(express.json());
app.use(cookieParser());
app.use('/auth', rateLimiter({ windowMs: 60_000, max: 60 }));

app.post('/auth/login', loginHandler);
app.post('/auth/logout', logoutHandler);
app.post('/auth/refresh', refreshHandler);

app.get('/health', (_req, res) => {
  res.json({ ok: true });
});

if (process.env.NODE_ENV !== 'test') {
  const port = Number(process.env.PORT ?? 3000);
  app.listen(port, () => console.log(`api listening on :${port}`));
}
