/** Entry point of the page (index.html). */
import './styles.css';
import { startApp } from './ui/app';

startApp();
