import { loadAttachmentCode, type CardAttachment } from '@taskflow/shared';
import { useEffect, useState } from 'react';

export type UrlKind = { kind: 'view' } | { kind: 'thumbnail'; width: number; height: number };

/** A signed URL of an attachment (or of its small rendition); null until it is made or if it fails. */
export const useAttachmentUrl = (
  attachment: Pick<CardAttachment, 'object_path'>,
  what: UrlKind,
): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  const path = attachment.object_path;
  const width = what.kind === 'thumbnail' ? what.width : 0;
  const height = what.kind === 'thumbnail' ? what.height : 0;
  useEffect(() => {
    let current = true;
    void loadAttachmentCode()
      .then((code) => (width > 0 ? code.thumbnailUrl(path, width, height) : code.signedUrl(path)))
      .then((signed) => {
        if (current) setUrl(signed);
      })
      .catch(() => {
        if (current) setUrl(null);
      });
    return () => {
      current = false;
    };
  }, [path, width, height]);
  return url;
};
