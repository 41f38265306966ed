/** The virtual module build/field-docs-plugin.ts serves: the field documentation as JSON. */
declare module 'virtual:everynode/field-docs' {
  const docs: import('../src/kubectl/explain/field-docs.js').FieldDocs;
  export default docs;
}
