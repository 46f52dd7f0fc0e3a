import { useState } from 'react';

export interface HeaderProps {
  user: { name: string; avatarUrl?: string } | null;
  onSignIn: () => void;
}

export function Header({ user, onSignIn }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="app-header">
      <a href="/" className="brand">
        Acme
      </a>
      <nav>
        <a href="/docs">Docs</a>
        <a href="/pricing">Pricing</a>
      </nav>
      {user ? (
        <button
          className="account"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {user.avatarUrl ? <img src={user.avatarUrl} alt="" /> : user.name.charAt(0)}
        </button>
      ) : (
        <button className="sign-in" onClick={onSignIn}>
          Sign in
        </button>
      )}
    </header>
  );
}
