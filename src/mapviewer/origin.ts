import { type MessageLike, type ParsedParentMessage, parseParentMessage } from './protocol.ts';

/**
 * Viewer side: the parent's message in `event`, or null when it must be ignored — not from the window
 * that embeds the page (`parent`), not from the page's own origin, or not a message of the protocol.
 * A page not in a frame (parent === itself) accepts nothing.
 */
export function acceptParentMessage(event: MessageLike, parent: unknown, self: unknown, ownOrigin: string): ParsedParentMessage | null {
  if (parent == null || parent === self || event.source !== parent) return null;
  if (event.origin !== ownOrigin || ownOrigin === 'null') return null;
  return parseParentMessage(event.data);
}
