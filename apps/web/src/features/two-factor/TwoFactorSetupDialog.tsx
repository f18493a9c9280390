import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { useZodForm } from '../../lib/form/use-zod-form';
import { BackupCodes } from './BackupCodes';
import { useTwoFactorSetup, useTwoFactorVerify } from './mutations';
import { verifyFormSchema } from './step-up-form';
import styles from './TwoFactor.module.css';

/**
 * Turning 2FA on (000 §4): the pending secret as a QR code and as text (copyable) for the
 * authenticator app, its 6-digit code to confirm, then the 12 backup codes to save. If the server
 * says 2FA is already on ('2FA already setup'), the dialog closes.
 */
export function TwoFactorSetupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('two-factor');
  const toast = useToast();
  const setup = useTwoFactorSetup();
  const verify = useTwoFactorVerify();
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const form = useZodForm({ schema: verifyFormSchema, initialValues: { code: '' }, fields: ['code'] });
  const started = useRef(false);

  useEffect(() => {
    // Once per opening (a second setup would replace the secret being shown).
    if (started.current) return;
    started.current = true;
    setup.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.data !== null) return;
        toast.show(t('setup.alreadyOn'), 'info');
        onClose();
      },
    });
  }, [setup, toast, t, onClose]);

  const copySecret = (secret: string) =>
    void navigator.clipboard.writeText(secret).then(
      () => toast.show(t('setup.copied'), 'success'),
      () => toast.show(t('setup.copyFailed'), 'error'),
    );

  const submit = form.handleSubmit(async ({ code }) => setBackupCodes(await verify.mutateAsync(code)));
  const data = setup.data?.data;

  if (backupCodes) {
    return (
      <Dialog open onClose={onClose} title={t('codes.title')} description={t('codes.hint')} size="sm">
        <BackupCodes codes={backupCodes} onDone={onClose} />
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} title={t('setup.title')} description={t('setup.hint')} size="sm">
      {setup.isError && <FormError message={setup.error.message} />}
      {!data && !setup.isError && (
        <div className={styles.loading}>
          <Spinner />
        </div>
      )}
      {data && (
        <form className={styles.form} onSubmit={submit} noValidate>
          <img src={data.qr} alt={t('setup.qrAlt')} className={styles.qr} width={240} height={240} />
          <div className={styles.secretRow}>
            <div className={styles.secretText}>
              <span className={styles.secretLabel} id="two-factor-secret-label">
                {t('setup.secretLabel')}
              </span>
              <code className={styles.secret} aria-labelledby="two-factor-secret-label" data-testid="two-factor-secret">
                {data.secret}
              </code>
            </div>
            <Button variant="secondary" size="sm" onClick={() => copySecret(data.secret)}>
              {t('setup.copy')}
            </Button>
          </div>
          <TextField
            label={t('setup.codeLabel')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder="000000"
            className={styles.codeField}
            {...form.text('code')}
          />
          <FormError message={form.formError} />
          <div className={styles.actions}>
            <Button variant="ghost" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={verify.isPending} disabled={form.data === null}>
              {t('setup.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
