/** `everynode-widget.js`: the script a docs page loads to get `<everynode-playground>`. */
import { define } from './element.js';

define(new URL('./', import.meta.url).href);
