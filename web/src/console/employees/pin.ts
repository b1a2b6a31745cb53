// A PIN made up for an employee: by the PIN reset, and by the spreadsheet import for a row without one.

/** Six random digits from the browser's CSPRNG (rejection sampling keeps every digit equally likely). */
export function generatePin(): string {
  const digits: number[] = [];
  while (digits.length < 6) {
    for (const byte of crypto.getRandomValues(new Uint8Array(8))) if (byte < 250 && digits.length < 6) digits.push(byte % 10);
  }
  return digits.join('');
}
