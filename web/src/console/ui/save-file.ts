// Hands a file made in the page to the browser's downloads, as a link the person clicked would.

export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; free the memory after it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
