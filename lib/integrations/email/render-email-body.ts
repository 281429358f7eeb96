import type { Element, Root as HastRoot } from "hast";
import { toHtml } from "hast-util-to-html";
import type { Nodes, Root, Table } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { toHast } from "mdast-util-to-hast";
import { gfm } from "micromark-extension-gfm";

export type RenderedEmailBody = { text: string; html: string };

/*
 * The two parts of an email from the one Markdown text our replies are written in (the chat shows
 * the same text rendered): a plain part a person reads as is, with no Markdown syntax left (tables
 * become aligned columns), and an HTML part with real tables. Raw HTML in the source is dropped,
 * never passed on: a reply may quote what a customer typed.
 */
export function renderEmailBody(markdown: string): RenderedEmailBody {
  const tree = fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  return { text: `${blocksText(tree.children)}\n`, html: htmlDocument(tree) };
}

function htmlDocument(tree: Root): string {
  const hast = toHast(tree) as HastRoot;
  for (const node of hast.children) markTables(node);
  return `<!doctype html><html><body>${toHtml(hast)}</body></html>`;
}

// Mail clients ignore style sheets unevenly; attributes draw the table's lines everywhere.
function markTables(node: HastRoot["children"][number]): void {
  if (node.type !== "element") return;
  if (node.tagName === "table") {
    Object.assign((node as Element).properties, { border: 1, cellPadding: 6, cellSpacing: 0 });
  }
  for (const child of node.children) markTables(child as HastRoot["children"][number]);
}

function blocksText(nodes: readonly Nodes[]): string {
  return nodes
    .map(blockText)
    .filter((text) => text.length > 0)
    .join("\n\n");
}

function blockText(node: Nodes): string {
  switch (node.type) {
    case "table":
      return tableText(node);
    case "list":
      return node.children
        .map((item, index) => {
          const marker = node.ordered ? `${(node.start ?? 1) + index}.` : "-";
          const body = blocksText(item.children).replaceAll("\n", "\n  ");
          return `${marker} ${body}`;
        })
        .join("\n");
    case "blockquote":
      return blocksText(node.children)
        .split("\n")
        .map((line) => `  ${line}`)
        .join("\n");
    case "code":
      return node.value;
    case "thematicBreak":
    case "html":
    case "definition":
      return "";
    case "heading":
    case "paragraph":
      return inlineText(node.children);
    default:
      return "children" in node ? blocksText(node.children as Nodes[]) : inlineText([node]);
  }
}

function inlineText(nodes: readonly Nodes[]): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case "text":
        case "inlineCode":
          return node.value;
        case "break":
          return "\n";
        case "html":
          return "";
        case "image":
          return node.alt ?? "";
        case "link": {
          const label = inlineText(node.children);
          return label === node.url || `mailto:${label}` === node.url
            ? label
            : `${label} (${node.url})`;
        }
        default:
          return "children" in node ? inlineText(node.children as Nodes[]) : "";
      }
    })
    .join("");
}

// Columns padded to their widest cell, numbers right-aligned where the table says so.
function tableText(table: Table): string {
  const rows = table.children.map((row) =>
    row.children.map((cell) => inlineText(cell.children).replace(/\s+/g, " ").trim()),
  );
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    widths
      .map((width, column) => {
        const cell = row[column] ?? "";
        return table.align?.[column] === "right" ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  const [header, ...body] = rows;
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(header ?? []), rule, ...body.map(line)].join("\n");
}
