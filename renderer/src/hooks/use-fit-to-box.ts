import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Scales the content down (never up) so that it fits the box whatever its size: a projector cannot
 * scroll and a printed sheet cannot grow. Put `transform: scale(scale)` on the content.
 */
export function useFitToBox() {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const fit = () => {
      if (!box.current || !content.current) {
        return;
      }
      const { clientWidth, clientHeight } = box.current;
      const width = content.current.scrollWidth;
      const height = content.current.scrollHeight;
      setScale(Math.min(1, clientWidth / width, clientHeight / height));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box.current!);
    observer.observe(content.current!);
    return () => observer.disconnect();
  }, []);
  return { box, content, scale };
}
