// The parts of jsonwebtoken that src/ uses (see README.md).
declare module 'jsonwebtoken' {
  export interface SignOptions { expiresIn?: string | number }
  function sign(payload: object, secret: string, options?: SignOptions): string;
  function verify(token: string, secret: string): unknown;
  const jwt: { sign: typeof sign; verify: typeof verify };
  export default jwt;
}
