/**
 * A card's thumbnail (the peer's chart and dashboard thumbnails): the picture at `url`, fetched
 * with the session once the card is in view, asked for again while it is being captured (202, see
 * thumbnailPolling.ts), and shown from an object URL released when the card goes. Until then, or
 * when there is none, the placeholder shows.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { thumbnailStep } from './thumbnailPolling';
import './Thumbnail.css';

interface ThumbnailProps {
  /** the object's thumbnail_url; null: thumbnails are off */
  url: string | null | undefined;
  /** what the picture is of (its alt text) */
  alt: string;
  /** shown while waiting, and when there is no picture */
  placeholder: ReactNode;
  className?: string;
}

/** True once the element has come into view (at once where IntersectionObserver is missing). */
function useSeen(ref: React.RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled, seen]);
  return seen;
}

export function Thumbnail({ url, alt, placeholder, className }: ThumbnailProps) {
  const box = useRef<HTMLDivElement>(null);
  const seen = useSeen(box, Boolean(url));
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    if (!url || !seen) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let objectUrl: string | null = null;
    const attempt = async (n: number): Promise<void> => {
      let status = 0;
      let res: Response | null = null;
      try {
        res = await fetch(url, { credentials: 'same-origin', signal: abort.signal });
        status = res.status;
      } catch {
        if (abort.signal.aborted) return;
      }
      const step = thumbnailStep(status, n);
      if (step.kind === 'show' && res) {
        try {
          const blob = await res.blob();
          if (abort.signal.aborted) return;
          objectUrl = URL.createObjectURL(blob);
          setSrc(objectUrl);
        } catch {
          // the placeholder stays
        }
      } else if (step.kind === 'retry') {
        timer = setTimeout(() => void attempt(n + 1), step.delayMs);
      }
    };
    void attempt(1);
    return () => {
      abort.abort();
      clearTimeout(timer);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setSrc(null);
    };
  }, [url, seen]);

  return (
    <div ref={box} className={['rama-thumbnail', className].filter(Boolean).join(' ')}>
      {src ? <img src={src} alt={alt} className="rama-thumbnail-img" data-test="thumbnail-img" /> : placeholder}
    </div>
  );
}
