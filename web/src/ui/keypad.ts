// What a keypad key does to a field's value: digits append up to the field's length, Delete
// removes the last one, Clear empties it. Shared by taps on the on-screen keys and the keyboard.
export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'delete' | 'clear';

export const KEYPAD_LAYOUT: readonly KeypadKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'delete'];

export function applyKey(value: string, key: KeypadKey, maxLength: number): string {
  if (key === 'delete') return value.slice(0, -1);
  if (key === 'clear') return '';
  return value.length >= maxLength ? value : value + key;
}

/** The keypad key a keyboard key stands for, or null. */
export function keyFromKeyboard(key: string): KeypadKey | null {
  if (/^[0-9]$/.test(key)) return key as KeypadKey;
  if (key === 'Backspace') return 'delete';
  if (key === 'Escape') return 'clear';
  return null;
}
