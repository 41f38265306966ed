/**
 * The ControllerRevision strategy (`pkg/registry/apps/controllerrevision/strategy.go`, apps
 * validation `ValidateControllerRevision` / `ValidateControllerRevisionUpdate`).
 *
 * A revision needs `data` and a non-negative `revision`; on update `data` is immutable (the
 * DaemonSet controller may renumber a revision on rollback, never rewrite its template).
 */
import type { ControllerRevision } from '../../api/types.js';
import type { Strategy } from '../strategy.js';
import { jsonEqual } from '../validation/equality.js';
import { FIELD_IMMUTABLE, invalid, nonNegative, required, type FieldError } from '../validation/field.js';
import { goRawExtension } from '../validation/govalue.js';
import { nameIsDNSSubdomain, validateObjectMeta } from '../validation/objectmeta.js';

export const controllerRevisionStrategy: Strategy<ControllerRevision> = {
  validate(cr) {
    const errs: FieldError[] = validateObjectMeta(cr.metadata, true, nameIsDNSSubdomain);
    if (cr.data === undefined || cr.data === null) errs.push(required('data', 'data is mandatory'));
    errs.push(...nonNegative(cr.revision ?? 0, 'revision'));
    return errs;
  },

  validateUpdate(cr, old) {
    return jsonEqual(cr.data, old.data) ? [] : [invalid('data', goRawExtension(cr.data), FIELD_IMMUTABLE)];
  },
};
