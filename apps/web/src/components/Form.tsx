import type { FormHTMLAttributes } from 'react';
import styles from './Page.module.css';

/** A screen's form: the browser's own validation bubbles off, the app's messages under each field instead. */
export function Form(props: FormHTMLAttributes<HTMLFormElement>) {
  return <form noValidate {...props} className={[styles.form, props.className].filter(Boolean).join(' ')} />;
}
