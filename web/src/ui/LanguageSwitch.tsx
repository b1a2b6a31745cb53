import { useI18n } from '../i18n/i18n.tsx';
import { LANGS, type Lang } from '../i18n/translate.ts';

export function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <label className="lang-switch">
      <span>{t('lang.label')}</span>
      <select value={lang} onChange={(event) => setLang(event.target.value as Lang)}>
        {LANGS.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`lang.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
