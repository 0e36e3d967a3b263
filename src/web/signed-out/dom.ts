/**
 * Building the signed-out pages' moving parts by hand, with the classes the app's components use. The
 * icons are lucide's, as the app draws them with lucide-react (same shapes and attributes): its modules
 * would bring React with them.
 */
type Shape = [tag: "path" | "rect", attributes: Record<string, string>];

const shapes = {
  pause: [
    ["rect", { x: "14", y: "3", width: "5", height: "18", rx: "1" }],
    ["rect", { x: "5", y: "3", width: "5", height: "18", rx: "1" }],
  ],
  play: [
    ["path", { d: "M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z" }],
  ],
  trophy: [
    ["path", { d: "M10 14.66V17a1 1 0 0 1-1 1 2 2 0 0 0-2 2v2" }],
    ["path", { d: "M14 14.66V17a1 1 0 0 0 1 1 2 2 0 0 1 2 2v2" }],
    ["path", { d: "M17.916 10H19.5A2.5 2.5 0 0 0 22 7.5V5a1 1 0 0 0-1-1h-3" }],
    ["path", { d: "M4 22h16" }],
    ["path", { d: "M6 9a6 6 0 0 0 12 0V3a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1z" }],
    ["path", { d: "M6.084 10H4.5A2.5 2.5 0 0 1 2 7.5V5a1 1 0 0 1 1-1h3" }],
  ],
  download: [
    ["path", { d: "M12 15V3" }],
    ["path", { d: "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" }],
    ["path", { d: "m7 10 5 5 5-5" }],
  ],
} satisfies Record<string, Shape[]>;

const svgNamespace = "http://www.w3.org/2000/svg";

/** An icon beside a text that already says what it means, so hidden from screen readers. */
export function icon(name: keyof typeof shapes, className: string): SVGSVGElement {
  const svg = document.createElementNS(svgNamespace, "svg");
  const attributes = {
    width: "24",
    height: "24",
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    class: `lucide lucide-${name} ${className}`,
    "aria-hidden": "true",
  };
  for (const [key, value] of Object.entries(attributes)) svg.setAttribute(key, value);
  for (const [tag, shapeAttributes] of shapes[name] as Shape[]) {
    const shape = document.createElementNS(svgNamespace, tag);
    for (const [key, value] of Object.entries(shapeAttributes)) shape.setAttribute(key, value);
    svg.append(shape);
  }
  return svg;
}

/** An element with its classes and children, the way the app's components write them. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<Record<string, string>>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(properties)) {
    if (value !== undefined) made.setAttribute(key, value);
  }
  made.append(...children);
  return made;
}
