/**
 * The names files have in the playground: the editor's tabs, which `kubectl apply -f NAME` reads
 * and `> NAME` writes. One word a command line carries unquoted: letters, digits, `.`, `_` and
 * `-`, not starting with `-`.
 */
export const FILE_NAME = /^[A-Za-z0-9_.][A-Za-z0-9_.-]*$/;
