// js-yaml ships no types; the one function the packaging test reads YAML with.
declare module "js-yaml" {
  const yaml: { load(text: string): unknown };
  export default yaml;
}
