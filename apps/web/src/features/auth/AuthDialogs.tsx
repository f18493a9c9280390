import type { AuthDialogKind } from './auth-dialog-context';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginDialog } from './LoginDialog';
import { RegisterDialog } from './RegisterDialog';

/** The lazily loaded half of AuthDialogProvider. */
export function AuthDialogs({ kind, onClose, onSwitch }: { kind: AuthDialogKind; onClose: () => void; onSwitch: (kind: AuthDialogKind) => void }) {
  switch (kind) {
    case 'login':
      return <LoginDialog key="login" onClose={onClose} onSwitch={() => onSwitch('register')} onForgot={() => onSwitch('forgot')} />;
    case 'register':
      return <RegisterDialog key="register" onClose={onClose} onSwitch={() => onSwitch('login')} />;
    case 'forgot':
      return <ForgotPasswordDialog key="forgot" onClose={onClose} onBack={() => onSwitch('login')} />;
  }
}
