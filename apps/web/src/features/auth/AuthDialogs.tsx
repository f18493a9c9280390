import type { AuthDialogKind } from './auth-dialog-context';
import { LoginDialog } from './LoginDialog';
import { RegisterDialog } from './RegisterDialog';

/** The lazily loaded half of AuthDialogProvider. */
export function AuthDialogs({ kind, onClose, onSwitch }: { kind: AuthDialogKind; onClose: () => void; onSwitch: (kind: AuthDialogKind) => void }) {
  return kind === 'login' ? (
    <LoginDialog key="login" onClose={onClose} onSwitch={() => onSwitch('register')} />
  ) : (
    <RegisterDialog key="register" onClose={onClose} onSwitch={() => onSwitch('login')} />
  );
}
