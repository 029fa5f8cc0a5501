import { Message } from '@taskflow/shared';

/** Why an export or import failed, under its controls and announced at once; nothing if none. */
export const TransferError = ({ text }: { text: string | null }) =>
  text ? (
    <div className="mt-3">
      <Message>{text}</Message>
    </div>
  ) : null;
