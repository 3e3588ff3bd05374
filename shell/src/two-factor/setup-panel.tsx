import type { TTwoFactorSetup } from '@helpdesk/contracts';
import type { ReactNode } from 'react';
import { CodeForm } from './code-form.tsx';
import { useTwoFactorT } from './messages.ts';

type TSetupPanelProps = {
  setup: TTwoFactorSetup;
  submitLabel: string;
  isPending: boolean;
  failure: string | null;
  onConfirm: (code: string) => void;
  children?: ReactNode;
};

/** Groups of four, as apps show keys: easier to read and type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * A secret to add to an authenticator app: the QR code the server drew (SVG, shown as an image so no
 * markup of it runs in the page), the key as text, and the code that confirms it.
 */
export function SetupPanel({
  setup,
  submitLabel,
  isPending,
  failure,
  onConfirm,
  children,
}: TSetupPanelProps) {
  const t = useTwoFactorT();
  return (
    <div className="space-y-4">
      <p className="text-sm">{t('twoFactor.scanTitle')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt={t('twoFactor.qrAlt')}
        width={192}
        height={192}
        className="mx-auto rounded-md border bg-white p-2"
      />
      <div className="space-y-1">
        <p className="text-muted-foreground text-sm">{t('twoFactor.secretLabel')}</p>
        <code
          data-testid="two-factor-secret"
          data-secret={setup.secret}
          className="block break-all rounded-md bg-muted px-3 py-2 text-center font-mono text-sm"
        >
          {grouped(setup.secret)}
        </code>
      </div>
      <CodeForm
        kind="app"
        label={t('twoFactor.codeLabel')}
        hint={t('twoFactor.codeHint')}
        submitLabel={submitLabel}
        isPending={isPending}
        failure={failure}
        onSubmit={onConfirm}
      >
        {children}
      </CodeForm>
    </div>
  );
}
