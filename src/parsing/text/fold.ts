/** Lower case without accents, so that "Février" and "fevrier", "Μαΐου" and "μαιου" compare equal. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
