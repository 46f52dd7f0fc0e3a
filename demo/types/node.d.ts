// The parts of Node that src/ uses (see README.md).
declare var process: { env: Record<string, string | undefined> };

declare class Buffer extends Uint8Array {
  static from(text: string, encoding: 'hex' | 'utf8' | 'base64'): Buffer;
}

declare module 'node:crypto' {
  export function scrypt(password: string, salt: string, keylen: number, callback: (err: Error | null, derivedKey: Buffer) => void): void;
  export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

declare module 'node:util' {
  export function promisify(fn: (...args: any[]) => void): (...args: any[]) => Promise<unknown>;
}
