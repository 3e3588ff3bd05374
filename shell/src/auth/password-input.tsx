import { Button, cn, Input } from '@helpdesk/shared-ui';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useAuthT } from './messages.ts';

/** A password field with a show/hide toggle. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [isVisible, setIsVisible] = useState(false);
  const t = useAuthT();
  // Its name is translated while the page around it may not be yet.
  const locale = useLocale();
  return (
    <div className="relative">
      <Input {...props} type={isVisible ? 'text' : 'password'} className={cn('pr-10', className)} />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-0 right-0 h-full w-10 text-muted-foreground hover:bg-transparent"
        onClick={() => setIsVisible((v) => !v)}
        aria-label={isVisible ? t('passwordInput.hide') : t('passwordInput.show')}
        aria-pressed={isVisible}
        lang={locale}
      >
        {isVisible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </Button>
    </div>
  );
}
