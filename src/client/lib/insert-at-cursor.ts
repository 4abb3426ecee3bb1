/**
 * `text` put where the cursor of `element` is (over any selection), with the caret after it:
 * a placeholder inserted by a button need not be typed, nor mistyped.
 */
export function insertAtCursor(
  element: HTMLTextAreaElement | HTMLInputElement | null,
  current: string,
  text: string,
  apply: (value: string) => void,
): void {
  const start = element?.selectionStart ?? current.length;
  const end = element?.selectionEnd ?? current.length;
  apply(current.slice(0, start) + text + current.slice(end));
  requestAnimationFrame(() => {
    element?.focus();
    element?.setSelectionRange(start + text.length, start + text.length);
  });
}
