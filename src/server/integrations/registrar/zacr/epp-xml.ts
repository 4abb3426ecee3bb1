/**
 * EPP's XML (RFC 5730 §2), built and read with fast-xml-parser. Commands are built as objects
 * (the builder escapes every value); answers are read with namespace prefixes dropped, because
 * registries differ in them (RFC examples use a default namespace, ZACR writes `epp:`).
 */
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

export const ns = {
  epp: 'urn:ietf:params:xml:ns:epp-1.0',
  domain: 'urn:ietf:params:xml:ns:domain-1.0',
  contact: 'urn:ietf:params:xml:ns:contact-1.0',
  /** ZACR's co.za domain extension (autorenew, cancelling pending actions). */
  cozadomain: 'http://co.za/epp/extensions/cozadomain-1-0',
  /** ZACR's co.za contact extension (domain listing, registrar balance). */
  cozacontact: 'http://co.za/epp/extensions/cozacontact-1-0',
} as const;

/** A node as built: element names with their prefix, attributes as `@_name`. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | number | XmlNode | XmlValue[];

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
});

/** Elements that may repeat: always read as lists, even when there is one. */
const repeated = new Set([
  'result',
  'cd',
  'hostAttr',
  'hostObj',
  'hostAddr',
  'status',
  'street',
  'contact',
  'objURI',
  'extURI',
  'extValue',
  'postalInfo',
  'domain',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Names such as 123.co.za and codes stay text: nothing is guessed to be a number.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => repeated.has(name),
});

/** `<command>` (or `<hello/>`) wrapped in the EPP envelope, with its XML declaration. */
export function eppDocument(body: XmlNode): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8', '@_standalone': 'no' },
    epp: { '@_xmlns': ns.epp, ...body },
  }) as string;
}

/** A command: its verb element, an optional `<extension>` and the client transaction id. */
export function commandDocument(
  verb: XmlNode,
  clTRID: string,
  extension?: XmlNode | undefined,
): string {
  return eppDocument({
    command: { ...verb, ...(extension ? { extension } : {}), clTRID },
  });
}

/** A parsed element: text and attributes are reached through `text` and `attr`. */
export type Parsed = Record<string, unknown>;

export function parseXml(xml: string): Parsed {
  return parser.parse(xml) as Parsed;
}

/** The child element `name` (prefix dropped), or undefined. */
export function child(node: unknown, name: string): Parsed | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const value = (node as Parsed)[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return asNode(value[0]);
  return asNode(value);
}

/** Every child element `name`, as a list. */
export function children(node: unknown, name: string): unknown[] {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const value = (node as Parsed)[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function asNode(value: unknown): Parsed {
  if (value && typeof value === 'object') return value as Parsed;
  // A text-only element: its text stands under `#text`, as for one with attributes.
  return { '#text': value === '' || value === undefined ? '' : String(value) };
}

/** An element's text (`#text` when it has attributes), or undefined when it is absent. */
export function text(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && !Array.isArray(node)) {
    const value = (node as Parsed)['#text'];
    return value === undefined ? '' : String(value);
  }
  return String(node);
}

/** The text of child `name`. */
export function childText(node: unknown, name: string): string | undefined {
  const value = children(node, name)[0];
  return value === undefined ? undefined : text(value);
}

export function attr(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const value = (node as Parsed)[`@_${name}`];
  return value === undefined ? undefined : String(value);
}
