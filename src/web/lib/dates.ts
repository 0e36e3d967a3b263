/** Accra-time helpers live in src/shared (one copy for both sides); web code may import them from here. */

export {
  accraDay,
  addDays,
  endOfAccraDay,
  formatAccraDate,
  formatAccraDateTime,
  formatAccraMoment,
  formatAccraTime,
} from "../../shared/accra-time";
