import { Button, showToast, t } from '@taskflow/shared';
import { copyText } from '../lib/copy-text';

/**
 * 'Link kopieren': the card's address (given by the shell, which owns the routes) to the
 * clipboard, confirmed by the toast 'Link kopiert'. Where no way of copying works, the toast
 * shows the link, so the user can still copy it by hand.
 */
export const CopyLinkButton = ({ url }: { url: string }) => (
  <Button
    variant="secondary"
    onClick={() =>
      void copyText(url).then((copied) =>
        copied
          ? showToast(t('card.linkCopied'), 'success')
          : showToast(t('card.linkNotCopied', { url }), 'error'),
      )
    }
  >
    {t('card.copyLink')}
  </Button>
);
