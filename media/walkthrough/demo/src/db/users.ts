import { scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: string, len: number) => Promise<Buffer>;

export interface User {
  id: string;
  email: string;
  name: string;
  passwordHash: string; // "salt:hex"
}

// In-memory store for local development; production reads from Postgres.
const users = new Map<string, User>();

export async function findUserByEmail(email: string): Promise<User | undefined> {
  return users.get(email.toLowerCase());
}

export async function verifyPassword(user: User, password: string): Promise<boolean> {
  const [salt, hex] = user.passwordHash.split(':');
  if (!salt || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = await scryptAsync(password, salt, expected.length);
  return timingSafeEqual(expected, actual);
}
