import { createContext, useContext, type ReactNode } from 'react';

/**
 * Style isolation between the micro-frontends (docs/frontend.md, "Style isolation"): a remote's
 * stylesheet applies only inside an element marked with its federation name,
 * `:where([data-style-scope='card_remote']) .flex` (shared/styles/remote.css). The remote's
 * exposed component renders its content in <StyleScope name="card_remote">; whatever it
 * portals elsewhere (a Modal renders into document.body) is marked again through
 * usePortalStyleScope(), so its dialogs keep its styles and no other sheet's.
 *
 * The marking element is `display: contents` by its style attribute, not a class: it takes no
 * box in the layout and needs no stylesheet of its own.
 */
const StyleScopeName = createContext<string | null>(null);

const Mark = ({ name, children }: { name: string; children: ReactNode }) => (
  <div data-style-scope={name} style={{ display: 'contents' }}>
    {children}
  </div>
);

export interface StyleScopeProps {
  /** The remote's federation name (shared/federation/remotes.json), as in its remote.css. */
  name: string;
  children: ReactNode;
}

/** The root of a remote's elements: its stylesheet applies here and nowhere else. */
export const StyleScope = ({ name, children }: StyleScopeProps) => (
  <StyleScopeName value={name}>
    <Mark name={name}>{children}</Mark>
  </StyleScopeName>
);

/**
 * For the root element of a portal: the scope the portal was opened from, so its content keeps
 * its remote's styles outside the remote's root (a Modal in document.body). Outside any scope
 * (the shell) it adds nothing. The element itself is the scope's root, which the remote's rules
 * do not reach (they match its descendants): shared's own chrome there is styled by the shell's
 * sheet, which holds every class of the shared build on the page.
 */
export const usePortalStyleScope = (): { 'data-style-scope'?: string } => {
  const name = useContext(StyleScopeName);
  return name === null ? {} : { 'data-style-scope': name };
};
