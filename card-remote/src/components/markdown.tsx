// Markdown in card descriptions and comments. The parser, renderer and sanitiser
// (react-markdown, rehype-sanitize: about 35 KB compressed) load only for a text that uses
// Markdown syntax: most descriptions and comments are plain sentences, and the JavaScript budget
// of a first visit (README: Delivery) has no room for a library that renders them unchanged.
// Plain text is shown as Markdown would show it: paragraphs split at blank lines, line breaks
// kept (the renderer keeps them too, with pre-wrap).
import {
  hasMentions,
  mentionName,
  renderMentions,
  splitMentions,
  type MentionNames,
} from '@taskflow/shared';
import { lazy, Suspense, type ReactNode } from 'react';

const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

/**
 * Anything that could make Markdown differ from plain paragraphs: emphasis, code, links,
 * images, raw HTML and entities, escapes, headings, block quotes, lists, rules, setext
 * underlines and indented code. Erring towards true only costs the renderer's download.
 */
const markdownSyntax =
  /[*_`[\]<>&\\~|]|^ {0,3}(#|>|[-+*]\s|\d+[.)]\s|[-=]+\s*$)|^( {4}|\t)|https?:\/\//m;

export const hasMarkdownSyntax = (text: string): boolean => markdownSyntax.test(text);

/** A user's name for a mention (`@[<user id>]`, shared/src/domain/mentions.ts). */
export type NameOf = MentionNames;

/** A paragraph with its mentions shown as highlighted names. */
const withMentions = (paragraph: string, nameOf: NameOf | undefined): ReactNode =>
  nameOf && hasMentions(paragraph)
    ? splitMentions(paragraph).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <span
            key={index}
            data-mention={part.userId}
            className="rounded bg-indigo-100 px-1 font-medium text-indigo-800"
          >
            {mentionName(part.userId, nameOf)}
          </span>
        ),
      )
    : paragraph;

const PlainText = ({ text, nameOf }: { text: string; nameOf?: NameOf }) =>
  text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph, index) => (
      <p key={index} className="whitespace-pre-wrap">
        {withMentions(paragraph, nameOf)}
      </p>
    ));

export interface MarkdownProps {
  /** The Markdown source, as stored. */
  text: string;
  className?: string;
  /** Names for mentions; with it they show as highlighted names, not as their stored tokens. */
  nameOf?: NameOf;
}

/** Renders a description or comment, formatted and script-free. */
export const Markdown = ({ text, className = '', nameOf }: MarkdownProps) => {
  // A mention's brackets are not Markdown: a text whose only syntax is mentions stays plain.
  const markdown = hasMarkdownSyntax(nameOf ? text.replace(/@\[[0-9a-f-]{36}\]/gi, '') : text);
  // Inside Markdown a mention reads as '@Name' (formatting around it still applies).
  const source = markdown && nameOf ? renderMentions(text, nameOf) : text;
  return (
    <div className={`space-y-2 break-words text-slate-800 ${className}`.trimEnd()}>
      {markdown ? (
        // Until the renderer arrives the source reads as plain text, in the same place.
        <Suspense fallback={<PlainText text={source} />}>
          <MarkdownRenderer text={source} />
        </Suspense>
      ) : (
        <PlainText text={text} nameOf={nameOf} />
      )}
    </div>
  );
};
