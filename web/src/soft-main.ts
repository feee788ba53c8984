/** Entry point of the soft-disc page (soft.html). */
import './styles.css';
import { startSoftApp } from './soft/app';

startSoftApp();
