import {
  API_PATHS,
  SETTINGS_LANGUAGES,
  type TDisplaySettings,
  type TMeResponse,
  type TPreferencesResponse,
  type TPreferencesUpdateRequest,
  type TSettingsLanguage,
} from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  apiRequest,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  DISPLAY_SETTINGS_QUERY_KEY,
  handleSessionEnded,
  Label,
  Spinner,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { translate } from '@helpdesk/shared-ui/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { activeLocale, browserLocale } from './active-locale.ts';
import { preferencesCatalog, usePreferencesT } from './messages.ts';
import { timeZoneGroups } from './time-zones.ts';
import { useOwnPreferences } from './use-active-locale.ts';

/** Each language's name in itself: a person who cannot read the current language still finds theirs. */
const LANGUAGE_NAMES: Record<TSettingsLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

const SELECT_CLASS =
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none md:text-sm dark:bg-input/30 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50';

// '' in a select stands for null: follow the desk.
const DESK = '';

/**
 * The profile's language and time zone (docs/product.md#languages): "Desk default" follows the
 * admin settings, so a change of the desk's language reaches this person too. Saving switches every
 * screen at once: the new language's texts are fetched first, then `me`'s cached answer is updated,
 * which the signed-in layout reads (use-active-locale.ts).
 */
export function LanguagePreferences() {
  const t = usePreferencesT();
  const queryClient = useQueryClient();
  const own = useOwnPreferences(true);
  const desk = useQuery<TDisplaySettings>({ queryKey: DISPLAY_SETTINGS_QUERY_KEY }).data ?? null;
  const [language, setLanguage] = useState<string>(own?.language ?? DESK);
  const [timeZone, setTimeZone] = useState<string>(own?.timeZone ?? DESK);
  const [failure, setFailure] = useState<string | null>(null);
  const zoneGroups = useMemo(() => timeZoneGroups(), []);
  const ids = { language: useId(), timeZone: useId() };

  const save = useMutation({
    mutationFn: (change: TPreferencesUpdateRequest) =>
      apiRequest<TPreferencesResponse>('PATCH', API_PATHS.authPreferences, change),
    onSuccess: async ({ preferences }) => {
      setFailure(null);
      const next = activeLocale(preferences.language, desk?.language ?? null, browserLocale());
      const texts = await preferencesCatalog.load(next);
      queryClient.setQueryData<TMeResponse>([API_PATHS.authMe], (me) => (me ? { ...me, preferences } : me));
      toast({ title: translate(texts, 'preferences.saved') });
    },
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      setFailure(serverMessage(error) ?? t('preferences.failed'));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      language: language === DESK ? null : (language as TSettingsLanguage),
      timeZone: timeZone === DESK ? null : timeZone,
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('preferences.title')}</CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" data-testid="language-preferences">
          {failure && (
            <Alert variant="destructive" data-testid="preferences-error">
              <CircleAlert className="size-4" aria-hidden />
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="min-w-0 space-y-2">
              <Label htmlFor={ids.language}>{t('preferences.language')}</Label>
              <select
                id={ids.language}
                className={SELECT_CLASS}
                value={language}
                onChange={(event) => setLanguage(event.target.value)}
              >
                <option value={DESK}>
                  {t('preferences.deskLanguage', { language: LANGUAGE_NAMES[desk?.language ?? 'en'] })}
                </option>
                {SETTINGS_LANGUAGES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {LANGUAGE_NAMES[code]}
                  </option>
                ))}
              </select>
            </div>
            <div className="min-w-0 space-y-2">
              <Label htmlFor={ids.timeZone}>{t('preferences.timeZone')}</Label>
              <select
                id={ids.timeZone}
                className={cn(SELECT_CLASS, 'truncate')}
                value={timeZone}
                onChange={(event) => setTimeZone(event.target.value)}
              >
                <option value={DESK}>
                  {t('preferences.deskTimeZone', { zone: desk?.timeZone ?? 'UTC' })}
                </option>
                {/* A zone saved that this browser does not list stays selectable as it is. */}
                {timeZone !== DESK && !zoneGroups.some((group) => group.zones.includes(timeZone)) && (
                  <option value={timeZone}>{timeZone}</option>
                )}
                {zoneGroups.map((group) => (
                  <optgroup key={group.region} label={group.region}>
                    {group.zones.map((zone) => (
                      <option key={zone} value={zone}>
                        {zone}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner aria-label={t('preferences.saving')} />}
              {save.isPending ? t('preferences.saving') : t('preferences.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
