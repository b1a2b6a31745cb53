// A search field that asks the server 300 ms after the last keystroke, keeping the text in the
// URL (`search=`) without adding a history entry per keystroke.
import { useEffect, useId, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch(text: string): void }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="search-box">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} />
    </div>
  );
}
