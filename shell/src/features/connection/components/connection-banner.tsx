import { t, useConnection } from '@taskflow/shared';

/**
 * Says that the backend cannot be reached while that lasts. Edits go on meanwhile: the board
 * store keeps them on screen and sends them, in order, once the connection is back.
 */
export const ConnectionBanner = () => {
  const status = useConnection();
  if (status === 'online') return null;
  return (
    <p
      role="status"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      {t('connection.offline')}
    </p>
  );
};
