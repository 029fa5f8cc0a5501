import { loadAttachmentCode, type CardAttachment } from '@taskflow/shared';
import { useEffect, useState } from 'react';

/** The rendition's size: twice the box (a tile is at most about 17rem wide), for sharp pixels. */
const WIDTH = 560;
const HEIGHT = 256;

/**
 * A card's cover on its tile: a box of fixed height from the first frame (nothing moves when
 * the picture arrives, and the windowed list measures the tile once), filled with a small
 * rendition of the image, never the full-size file. The attachments' code loads with the first
 * cover on screen.
 */
export const TileCover = ({ cover }: { cover: Pick<CardAttachment, 'object_path'> }) => {
  const [url, setUrl] = useState<string | null>(null);
  const path = cover.object_path;
  useEffect(() => {
    let current = true;
    void loadAttachmentCode()
      .then((code) => code.coverUrl(path, WIDTH, HEIGHT))
      .then((signed) => {
        if (current) setUrl(signed);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [path]);
  return (
    <span
      className="order-first -mx-3 -mt-3 mb-2 block h-32 overflow-hidden rounded-t-xl bg-slate-100"
      data-testid="tile-cover"
    >
      {url ? (
        <img
          src={url}
          alt=""
          width={WIDTH / 2}
          height={HEIGHT / 2}
          loading="lazy"
          decoding="async"
          className="h-32 w-full object-cover"
        />
      ) : null}
    </span>
  );
};
