import { Button } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';

/** Puts text on the clipboard (the async API, or a selected textarea where it is not offered, e.g. plain http). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** A small button that copies `text` and says so in a toast. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { toasts } = useRoot();
  return (
    <Button
      size="small"
      variant="minimal"
      icon="duplicate"
      aria-label={label}
      title={label}
      onClick={() => copyText(text).then(() => toasts.success('Gekopieerd naar het klembord.'), () => toasts.error('Kopiëren is niet gelukt.'))}
    />
  );
}
