/** `everynode-widget.js`: the script a docs page loads to get `<everynode-playground>`. */
import { define } from './element.js';

// The folder of this script: the site's root (a `new URL` literal here would be taken for an asset).
define(import.meta.url.replace(/[^/]*$/, ''));
