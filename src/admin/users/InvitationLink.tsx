import { useRef } from 'react';
import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';

/**
 * The invitation link the server returned because no mail server is set up (issue 35.9): the
 * administrator copies it and passes it on to the user.
 */
export function InvitationLink({ email, link }: { email: string; link: string }) {
  const { toasts } = useRoot();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard API outside a secure context (plain http): the selected text and the browser's own copy.
      input.current?.select();
      if (!document.execCommand('copy')) return void toasts.error('Kopiëren is mislukt; selecteer de link en kopieer hem zelf.');
    }
    toasts.success('Link gekopieerd.');
  };
  return (
    <Callout intent="warning" title="Uitnodiging niet per e-mail verstuurd" role="region" aria-label="Uitnodigingslink">
      <p>Er is geen mailserver ingesteld. Geef deze link zelf door aan {email}; hij werkt één keer.</p>
      <InputGroup inputRef={input} value={link} readOnly aria-label="Uitnodigingslink" onFocus={(e) => e.currentTarget.select()}
        rightElement={<Button icon="clipboard" text="Kopieer link" onClick={() => void copy()} />} />
    </Callout>
  );
}
