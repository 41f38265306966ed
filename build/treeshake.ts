/**
 * Tree-shaking for every bundle of the build (the site, its workers, the docs widget). The pure
 * layers (sim, manifest, kubectl, tutorial, view, machines: no DOM, no I/O) do nothing when
 * imported: a module there only declares what it exports, with no statement at its top level
 * besides declarations. Telling the bundler so lets a bundle that uses one constant or one
 * function of such a module keep just that, instead of everything the module imports: the page
 * takes a table or a formatter from kubectl without the engine behind it.
 *
 * src/ui is not among them: its modules may act when loaded (monaco.ts configures Monaco).
 */
const PURE = /[\\/]src[\\/](sim|manifest|kubectl|tutorial|view|machines)[\\/].*\.ts$/;

export const treeshake = { moduleSideEffects: (id: string): boolean => !PURE.test(id) };
