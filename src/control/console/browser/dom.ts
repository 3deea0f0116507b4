/**
 * Building the page. Every text from the sandbox or the journal goes in as a text node (`h`'s
 * children, `textContent`), never as HTML.
 */
export type Child = Node | string | number | null | undefined | false | Child[];
type Attribute = string | number | boolean | null | undefined | ((event: Event) => void);

export function h<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  attributes: Record<string, Attribute> = {},
  ...children: Child[]
): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node: Node & ParentNode, children: Child[]) {
  for (const child of children) {
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.append(child);
    else if (child !== null && child !== undefined && child !== false) node.append(String(child));
  }
}

/** The page's element with this id; the page is ours, so a missing one is a bug worth a loud error. */
export function $<Element extends HTMLElement = HTMLElement>(id: string): Element {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the console page has no #${id}`);
  return found as Element;
}

/** JSON (or a JSON text) indented for reading; any other text as it is. */
export function pretty(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value, null, 2);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

let toastTimer: number | undefined;
export function toast(text: string) {
  const shown = $('toast');
  shown.textContent = text;
  shown.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (shown.hidden = true), 1800);
}
