import { useEffect, useRef } from 'react';
import { postToViewer, viewerMessageFrom, type ParentMessage, type ViewerMessage } from '../../mapviewer/protocol.ts';
import { mapViewerOAuthApi } from '../../api/mapViewerOAuth.ts';
import { authorizeRequestFrom } from './oauthBridge.ts';

/**
 * The embedded map viewer (spec 1 §2 "Map viewer screens"): an iframe filling its area. It talks only
 * through postMessage on the app's own origin (src/mapviewer/protocol.ts): when the frame says `ready`
 * (also after a reload of the frame) and whenever `generation` rises, it is sent `message`.
 */
export function ViewerFrame({ src, title, message, generation, onMessage }: {
  src: string;
  title: string;
  message: ParentMessage | null;
  generation: number;
  onMessage: (m: ViewerMessage) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  // The latest props, for the one listener registered per frame.
  const latest = useRef({ message, onMessage });
  latest.current = { message, onMessage };

  useEffect(() => {
    const origin = window.location.origin;
    const listener = (event: MessageEvent) => {
      const m = viewerMessageFrom(event, frame.current?.contentWindow, origin);
      if (!m) return;
      if (m.type === 'ready') {
        ready.current = true;
        if (latest.current.message) postToViewer(frame.current?.contentWindow, latest.current.message, origin);
      }
      latest.current.onMessage(m);
    };
    // An external viewer's sign-in: it asks for a code, the frame goes to its redirect URI with it.
    const authorize = (event: MessageEvent) => {
      const q = authorizeRequestFrom(event, frame.current?.contentWindow, src, window.location.href);
      if (!q) return;
      void mapViewerOAuthApi.authorize(q).then(({ redirectTo }) => {
        if (frame.current) frame.current.src = redirectTo;
      }, () => { /* the viewer stays unsigned-in and says so itself */ });
    };
    window.addEventListener('message', listener);
    window.addEventListener('message', authorize);
    return () => {
      window.removeEventListener('message', listener);
      window.removeEventListener('message', authorize);
    };
  }, [src]);

  useEffect(() => {
    if (ready.current && message) postToViewer(frame.current?.contentWindow, message, window.location.origin);
    // Only a new generation (a load or a save) resends: the frame itself reported every other change.
  }, [generation]); // eslint-disable-line react-hooks/exhaustive-deps

  return <iframe ref={frame} className="gs-map-frame" src={src} title={title} />;
}
