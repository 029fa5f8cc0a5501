// The Markdown renderer of card descriptions and comments (markdown.tsx decides when it
// is needed): headings, lists, links, code, bold and italic, written by any board member and shown
// to every other one, so it is untrusted input. Three layers keep it inert:
// - react-markdown never turns raw HTML into elements: `<script>` or `<img onerror>` in the
//   source stays visible text, it is not markup;
// - its default URL transform drops every URL whose protocol is not http(s), mailto, irc(s) or
//   xmpp (so `javascript:` and `data:` links lose their href);
// - rehype-sanitize (GitHub's schema) removes whatever else a future plugin could let through.
// Images are shown as links: a picture from any server would report who read the card, and the
// page's Content-Security-Policy blocks foreign images anyway.
import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

const rehypePlugins = [rehypeSanitize];

/** The props of an element as react-markdown passes them, without its syntax-tree node. */
type Rendered<Tag extends keyof React.JSX.IntrinsicElements> = ComponentPropsWithoutRef<Tag> &
  ExtraProps;

const heading = (className: string) =>
  function Heading({ node: _node, ...props }: Rendered<'h4'>) {
    return <h4 className={className} {...props} />;
  };

const link = 'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-500';

// Headings are all rendered one level below the card's own: the description sits inside the
// card's dialog, whose title is the page's heading there. Sizes still grade # to ###.
const components: Components = {
  h1: heading('mt-3 text-lg font-semibold text-slate-900 first:mt-0'),
  h2: heading('mt-3 text-base font-semibold text-slate-900 first:mt-0'),
  h3: heading('mt-3 text-sm font-semibold text-slate-900 first:mt-0'),
  h4: heading('mt-2 text-sm font-semibold text-slate-800 first:mt-0'),
  h5: heading('mt-2 text-sm font-medium text-slate-800 first:mt-0'),
  h6: heading('mt-2 text-sm font-medium text-slate-700 first:mt-0'),
  // pre-wrap: a line break typed in the source stays a line break, as users of a comment box
  // expect (CommonMark would join the lines).
  p: ({ node: _node, ...props }) => <p className="whitespace-pre-wrap" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="list-disc space-y-0.5 pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="list-decimal space-y-0.5 pl-5" {...props} />,
  li: ({ node: _node, ...props }) => <li className="whitespace-pre-wrap" {...props} />,
  a: ({ node: _node, href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className={link}>
      {children}
    </a>
  ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer" className={link}>
        {alt || src}
      </a>
    ) : (
      <>{alt}</>
    ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="border-l-4 border-slate-200 pl-3 text-slate-600" {...props} />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre
      className="overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-[0.8125rem] leading-snug text-slate-800 [&_code]:bg-transparent [&_code]:p-0"
      {...props}
    />
  ),
  code: ({ node: _node, ...props }) => (
    <code
      className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.875em] text-slate-800"
      {...props}
    />
  ),
  hr: () => <hr className="border-slate-200" />,
};

/** The Markdown source rendered, formatted and script-free; loaded on demand (markdown.tsx). */
const MarkdownRenderer = ({ text }: { text: string }) => (
  <div className="space-y-2" data-markdown="rendered">
    <ReactMarkdown rehypePlugins={rehypePlugins} components={components}>
      {text}
    </ReactMarkdown>
  </div>
);

export default MarkdownRenderer;
