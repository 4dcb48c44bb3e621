import { Button, Dialog as BlueprintDialog, type DialogProps } from '@blueprintjs/core';

/**
 * Blueprint's Dialog with a Dutch close button: Blueprint's own is named 'Close' (a fixed aria-label),
 * so it is switched off and this one takes its place in the header.
 */
export function Dialog({ isCloseButtonShown, children, ...props }: DialogProps) {
  return (
    <BlueprintDialog {...props} isCloseButtonShown={false}>
      {isCloseButtonShown !== false && props.title != null && (
        <Button className="gs-dialog-close" aria-label="Venster sluiten" title="Venster sluiten" icon="small-cross" variant="minimal" onClick={props.onClose} />
      )}
      {children}
    </BlueprintDialog>
  );
}
