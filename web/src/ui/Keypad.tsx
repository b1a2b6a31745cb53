import { useI18n } from '../i18n/i18n.tsx';
import { KEYPAD_LAYOUT, keyFromKeyboard, type KeypadKey } from './keypad.ts';

/** A numeric keypad with 48 px+ keys; it also takes digits, Backspace and Escape from a keyboard. */
export function Keypad({ onKey, disabled }: { onKey(key: KeypadKey): void; disabled?: boolean }) {
  const { t } = useI18n();
  const label = (key: KeypadKey) => (key === 'delete' ? t('keypad.delete') : key === 'clear' ? t('keypad.clear') : key);
  return (
    <div
      className="keypad"
      role="group"
      aria-label={t('keypad.label')}
      onKeyDown={(event) => {
        const key = keyFromKeyboard(event.key);
        if (key && !disabled) {
          event.preventDefault();
          onKey(key);
        }
      }}
    >
      {KEYPAD_LAYOUT.map((key) => (
        <button key={key} type="button" className={`key key-${key}`} disabled={disabled} onClick={() => onKey(key)}>
          {label(key)}
        </button>
      ))}
    </div>
  );
}
