import type { ReactNode } from 'react';

export type MessageTone = 'error' | 'success';

export interface MessageProps {
  tone?: MessageTone;
  /** Lets a field point at the message with aria-describedby. */
  id?: string;
  children: ReactNode;
}

const tones: Record<MessageTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-700',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
};

/** A boxed line under a form: an error is announced at once (alert), a success politely. */
export const Message = ({ tone = 'error', id, children }: MessageProps) => (
  <p
    id={id}
    role={tone === 'error' ? 'alert' : 'status'}
    className={`rounded-lg border px-3 py-2 text-sm ${tones[tone]}`}
  >
    {children}
  </p>
);
