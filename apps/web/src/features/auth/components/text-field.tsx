// The labelled input now lives with the shared UI primitives; auth's forms keep importing it from here.
export { TextField, inputClass } from '../../../components/text-field.tsx';
